import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AnswerTable } from './AnswerTable';

// Issue 32: a share showed as 0.12 in the table beside "12.0 %" in the text.
it('shows a ratio column as the percentage the answer’s text gives, other numbers as numbers', () => {
  render(
    <AnswerTable
      result={{
        columns: [
          { id: 'share', label: 'Share of net sales', kind: 'measure', unit: '%' },
          { id: 'net_sales', label: 'Net sales', kind: 'measure', unit: 'EUR' },
        ],
        rows: [[0.1202, 826710.27]],
        truncated: false,
      }}
    />,
  );
  const cells = within(screen.getByTestId('analytics-table'))
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(cells[0]).toMatch(/^12(\.0)?%$/);
  expect(cells[1]).toBe('826,710.27');
});
