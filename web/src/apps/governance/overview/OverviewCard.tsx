import { CHECK_EXPLANATIONS, type CheckName, GOV_TEXTS } from '@hangar/contract';
import { BellRing, CircleCheck } from 'lucide-react';
import { formatDay } from '../ui/format';
import { cardClass, tdClass } from '../ui/styles';
import { ColumnHeader, CoverageCell, FlagCell } from './OverviewCells';
import { isFailing, OVERVIEW_CHECK_COLUMNS, type OverviewTable, type OverviewVariant, type UseCaseCard } from './overview-model';

interface OverviewCardProps {
  card: UseCaseCard;
  variant: OverviewVariant;
  /** Opens the use case's Quality tab on a check of a table; absent when the use case has no tab. */
  onOpen?: (check: CheckName, table: OverviewTable) => void;
}

const messageOf = (table: OverviewTable, check: CheckName): string | null => {
  const row = table.row as Partial<Record<`${CheckName}_messages`, string>>;
  return row[`${check}_messages`] ?? null;
};

/** Which delivery a row's results are of: its period and file (the BU variant names them). */
const deliveryOf = (table: OverviewTable): string | null => {
  const row = table.row as { period?: string | null; file_name?: string | null };
  if (!row.period) return null;
  return row.file_name ? `${row.period} · ${row.file_name}` : `${row.period} · no file received`;
};

/** One use case: its alert count and the latest result of each check per table. */
export function OverviewCard({ card, variant, onOpen }: OverviewCardProps) {
  // A merged SSA/AMA card lists each table once per BU: every row then says whose it is.
  const severalBus = new Set(card.tables.map((t) => t.bu)).size > 1;
  return (
    <section aria-label={card.useCase} className={`${cardClass} flex flex-col`}>
      <header className="flex items-center justify-between gap-3 border-line border-b px-4 py-3">
        <h2 className="font-semibold text-lg">{card.useCase}</h2>
        {card.alerts > 0 ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-red-100 px-2.5 py-1 font-semibold text-red-800 text-xs dark:bg-red-950 dark:text-red-200">
            <BellRing className="size-3.5" aria-hidden />
            {card.alerts} failed {card.alerts === 1 ? 'alert' : 'alerts'}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-1 font-semibold text-emerald-800 text-xs dark:bg-emerald-950 dark:text-emerald-200">
            <CircleCheck className="size-3.5" aria-hidden />
            No alerts
          </span>
        )}
      </header>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm" aria-label={`${card.useCase} tables`}>
          <thead>
            <tr>
              <ColumnHeader label="Table name" tip="The file (table) the checks ran on." />
              <ColumnHeader label="End Date" tip="The end of the latest period with a result." />
              {OVERVIEW_CHECK_COLUMNS.map((column) => (
                <ColumnHeader key={column.key} label={column.label} tip={CHECK_EXPLANATIONS[column.key]} />
              ))}
            </tr>
          </thead>
          <tbody>
            {card.tables.map((table) => {
              const failing = isFailing(table.row, variant);
              return (
                <tr
                  // A merged SSA/AMA card may list the same table once per BU.
                  key={`${table.bu}-${table.row.name}`}
                  data-failing={failing || undefined}
                  className={failing ? 'bg-red-50 shadow-[inset_3px_0_0] shadow-red-600 dark:bg-red-950/40' : ''}
                >
                  <th scope="row" className={`${tdClass} font-medium`}>
                    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5">
                      <span className="break-all">{table.row.name}</span>
                      {severalBus && (
                        <span
                          className="rounded bg-surface-strong px-1.5 py-0.5 font-semibold text-fg-muted text-xs"
                          title={`Business unit ${table.bu}`}
                        >
                          {table.bu}
                        </span>
                      )}
                    </span>
                    {deliveryOf(table) && <span className="block break-all font-normal text-fg-muted text-xs">{deliveryOf(table)}</span>}
                    {failing && <span className="sr-only"> (failing)</span>}
                  </th>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                    {formatDay(table.row.last_updated) ?? GOV_TEXTS.notAvailable}
                  </td>
                  {OVERVIEW_CHECK_COLUMNS.map((column) => {
                    const what = `${column.label} of ${table.row.name}`;
                    const open = onOpen ? () => onOpen(column.key, table) : undefined;
                    const value = table.row[column.key];
                    return (
                      <td key={column.key} className={tdClass}>
                        {column.key === 'mapping_coverage' && variant === 'bu' ? (
                          <CoverageCell value={value} what={what} message={messageOf(table, column.key)} onOpen={open} />
                        ) : (
                          <FlagCell value={value ?? 0} what={what} message={messageOf(table, column.key)} onOpen={open} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
