import {
  Activity,
  AppWindow,
  BarChart3,
  Bell,
  Building2,
  ChartLine,
  DatabaseZap,
  Factory,
  Files,
  IdCard,
  KeyRound,
  Languages,
  LayoutDashboard,
  Lock,
  type LucideIcon,
  MessageSquare,
  Settings,
  ShieldCheck,
  Smile,
  Sparkles,
  Users,
} from 'lucide-react';

/** The contract names icons in lucide's kebab-case; unknown names fall back to a window. */
const ICONS: Record<string, LucideIcon> = {
  'message-square': MessageSquare,
  'bar-chart-3': BarChart3,
  'shield-check': ShieldCheck,
  'id-card': IdCard,
  'layout-dashboard': LayoutDashboard,
  languages: Languages,
  files: Files,
  smile: Smile,
  'database-zap': DatabaseZap,
  'key-round': KeyRound,
  users: Users,
  lock: Lock,
  activity: Activity,
  bell: Bell,
  'chart-line': ChartLine,
  sparkles: Sparkles,
  factory: Factory,
  'building-2': Building2,
  settings: Settings,
};

export function iconFor(name: string): LucideIcon {
  return ICONS[name] ?? AppWindow;
}

export function AppIcon({ name, className = 'size-5' }: { name: string; className?: string }) {
  const Icon = iconFor(name);
  return <Icon className={className} aria-hidden />;
}
