import { buSentAs, periodOptions } from '@hangar/contract';
import { useIsFetching } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { govKeys } from '../api';
import { IngestionPeriod } from './IngestionPeriod';
import { MonthSelector } from './MonthSelector';

/** The Ingestion sub-tab: the period, then everything about that period (reset when the period or BU changes). */
export function IngestionTab({ useCase, bu }: { useCase: string; bu: string }) {
  const options = useMemo(() => periodOptions(useCase, new Date()), [useCase]);
  const [selected, setSelected] = useState(0);
  const period = options[selected] ?? options[0]!;
  const sentBu = buSentAs(bu);
  const loading =
    useIsFetching({ queryKey: govKeys.ingestion(useCase, sentBu, period), predicate: (query) => query.state.data === undefined }) > 0;

  return (
    <div className="space-y-5">
      <MonthSelector options={options} selected={selected} loading={loading} onSelect={setSelected} />
      <IngestionPeriod key={`${sentBu}|${period.label}`} useCase={useCase} bu={bu} period={period} />
    </div>
  );
}
