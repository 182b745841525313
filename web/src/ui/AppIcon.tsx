import {
  Activity,
  AppWindow,
  AudioLines,
  BarChart3,
  Bell,
  Boxes,
  Building2,
  Car,
  ChartLine,
  DatabaseZap,
  Factory,
  FileSearch,
  Files,
  GitCompare,
  IdCard,
  KeyRound,
  Languages,
  LayoutDashboard,
  Link,
  Lock,
  type LucideIcon,
  Luggage,
  MessageCircle,
  MessageSquare,
  Plane,
  Receipt,
  Settings,
  ShieldCheck,
  ShoppingBasket,
  Smile,
  Sparkles,
  Timer,
  Users,
  Wallet,
  Zap,
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
  // AI Factory apps (contract/src/ai-factory.ts).
  link: Link,
  timer: Timer,
  luggage: Luggage,
  'shopping-basket': ShoppingBasket,
  car: Car,
  plane: Plane,
  zap: Zap,
  receipt: Receipt,
  'message-circle': MessageCircle,
  'audio-lines': AudioLines,
  'git-compare': GitCompare,
  wallet: Wallet,
  boxes: Boxes,
  'file-search': FileSearch,
};

export function iconFor(name: string): LucideIcon {
  return ICONS[name] ?? AppWindow;
}

export function AppIcon({ name, className = 'size-5' }: { name: string; className?: string }) {
  const Icon = iconFor(name);
  return <Icon className={className} aria-hidden />;
}
