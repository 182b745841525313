// Quoting for SQL the server writes itself (DuckDB and PostgreSQL agree on both forms).

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);
