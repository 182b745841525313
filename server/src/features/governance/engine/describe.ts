import type { StageError } from '@hangar/contract';
import { MAX_LISTED, someOf } from './bounded.ts';
import type { CheckOutcome, CoverageOutcome, Finding } from './checks.ts';

// Check outcomes in words: the stage error shown under a row, and the quality rows part 2 reads.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function findingLine(f: Finding): string {
  const where = f.sample.length
    ? ` (line ${f.sample.map((s) => (s.value !== undefined ? `${s.line}: "${s.value}"` : String(s.line))).join(', ')}${f.count > f.sample.length ? ', …' : ''})`
    : '';
  const count = f.count > 1 && f.sample.length ? `${f.count} × ` : '';
  return `${count}${f.problem}${where}`;
}

export const findingsText = (findings: Finding[]) => findings.map(findingLine).join('\n');

const FIXES = {
  file: 'Download the template, copy your data into it keeping the exact column names (no spaces, no empty lines), save as .xlsx or CSV UTF-8 and upload again.',
  data: 'Correct the listed lines in the source system or the file, then upload the file again.',
};

export function stageError(title: string, outcome: CheckOutcome, kind: 'file' | 'data', readAs?: string): StageError {
  const shown = outcome.findings.slice(0, MAX_LISTED);
  const items = shown.map((f) => `<li>${escapeHtml(findingLine(f))}</li>`).join('');
  const more = outcome.findings.length > shown.length ? `<li>and ${outcome.findings.length - shown.length} more problems</li>` : '';
  const read = readAs ? `<p>${escapeHtml(readAs)}</p>` : '';
  return { title, description: `<ul>${items}${more}</ul>${read}<p>${escapeHtml(FIXES[kind])}</p>` };
}

export const plainError = (title: string, message: string): StageError => ({ title, description: `<p>${escapeHtml(message)}</p>` });

export function coverageHtml(c: CoverageOutcome): string {
  return `<ul><li>${escapeHtml(c.message)}</li></ul>`;
}

interface QualityFields {
  status: 'success' | 'failed' | 'pending';
  value: number;
  message: string;
  cause: string | null;
  detailedCause: string | null;
  fix: string | null;
  failingCount: number;
  sample: unknown;
}

export function integrityRow(outcome: CheckOutcome, kind: 'file' | 'data', readAs?: string): QualityFields {
  const name = kind === 'file' ? 'File integrity' : 'Data integrity';
  const read = readAs ? ` ${readAs}` : '';
  if (!outcome.ran) {
    return {
      status: 'pending',
      value: 0,
      message: `${name} not checked: the file integrity check failed.`,
      cause: null,
      detailedCause: null,
      fix: null,
      failingCount: 0,
      sample: null,
    };
  }
  if (outcome.passed) {
    return {
      status: 'success',
      value: 1,
      message: `${name} check passed.${read}`,
      cause: null,
      detailedCause: null,
      fix: null,
      failingCount: 0,
      sample: [],
    };
  }
  return {
    status: 'failed',
    value: -1,
    message: `${name} check failed: ${outcome.findings.length} problem(s).${read}`,
    cause: someOf(outcome.findings.map((f) => f.problem)).replace(/, /g, '; '),
    detailedCause: findingsText(outcome.findings.slice(0, MAX_LISTED)),
    fix: FIXES[kind],
    failingCount: outcome.findings.reduce((n, f) => n + f.count, 0),
    sample: outcome.findings.flatMap((f) => f.sample.map((s) => ({ ...s, problem: f.problem }))),
  };
}

export function coverageRow(c: CoverageOutcome): QualityFields {
  if (!c.ran) {
    return { status: 'pending', value: 0, message: c.message, cause: null, detailedCause: null, fix: null, failingCount: 0, sample: null };
  }
  const low = c.percent < 100;
  return {
    status: c.percent > 0 && c.percent < 30 ? 'failed' : 'success',
    value: c.percent,
    message: c.message,
    cause: low ? 'Codes in the file are missing from the referential file.' : null,
    detailedCause: low ? c.message : null,
    fix: low ? 'Add the missing codes to the referential file in the Referential tab, then upload the data file again.' : null,
    failingCount: c.missing.length,
    sample: c.missing.slice(0, 20).map((code) => ({ value: code })),
  };
}
