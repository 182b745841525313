// User-visible texts of Sentiment analysis (tab 4).
export const SENTIMENT_TEXTS = {
  title: 'Sentiment analysis',
  intro:
    'Upload a spreadsheet of free-text feedback (passenger comments, surveys, reviews): every row gets its language, a sentiment and its key phrases, with the overall picture and the file back enriched.',
  dropPrompt: 'Drag and drop your .xlsx or .csv file here, or click to select it',
  limits: 'Accepted: .xlsx (first sheet) or .csv, up to 50 MB, the column names in the first row.',
  offlineNote:
    'The offline analyser runs inside the portal with word lists (English, French, Spanish, Portuguese): no language model, no credits, rougher than a model on irony and mixed comments.',
  recent: 'Your recent analyses',
  noRecent: 'No analysis yet: upload a sheet to start.',
  textColumn: 'Column with the comments',
  dateColumn: 'Date column (optional)',
  categoryColumn: 'Category column (optional)',
  none: 'None',
  engine: 'Engine',
  run: 'Run the analysis',
  another: 'Analyse another file',
  noMatch: 'No comment matches these filters.',
  // Rows whose field count differs from the header's (issue 33 item 15).
  raggedTitle: 'Some rows do not match the header',
  raggedWider: (count: number, rows: number, fields: number, delimiter: string) =>
    `${count.toLocaleString('en')} of ${rows.toLocaleString('en')} rows have more fields than the header (${fields}): a comment holding a “${delimiter}” without double quotes around it is split there, and the rest of it would be lost.`,
  raggedNarrower: (count: number) =>
    `${count.toLocaleString('en')} row${count === 1 ? ' has' : 's have'} fewer fields than the header: the missing cells are read as empty.`,
  raggedLines: (lines: readonly number[], count: number) =>
    `Line${count === 1 ? '' : 's'} ${lines.join(', ')}${count > lines.length ? ', …' : ''} of the file.`,
  raggedQuote:
    'Fix the file: put those comments between double quotes (“Friendly staff, quick check”), or save the sheet as .xlsx, then upload it again.',
  raggedJoin: (column: string) => `Or keep them whole here: take the rest of each of these lines as part of “${column}”`,
  raggedChoose: 'Choose one of the two fixes above to run the analysis.',
  uploadAgain: 'Upload the fixed file',
} as const;

export const LABEL_TEXT = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;
export const LABEL_BAR = {
  positive: 'bg-emerald-500 dark:bg-emerald-400',
  neutral: 'bg-slate-400 dark:bg-slate-500',
  negative: 'bg-red-500 dark:bg-red-400',
} as const;
export const LABEL_BADGE = {
  positive: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  neutral: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  negative: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
} as const;
