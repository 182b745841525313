import { Hourglass } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';

const TITLES = {
  Quality: 'The quality views arrive with the overview release.',
  Lineage: 'The lineage graph arrives with the overview release.',
} as const;

/** Quality and Lineage are built with the overview release; until then their sub-tabs say so. */
export function ComingWithOverview({ app }: { app: keyof typeof TITLES }) {
  return (
    <EmptyState icon={Hourglass} title={TITLES[app]}>
      Ingestion and Referential are available now, where your BU has access to them.
    </EmptyState>
  );
}
