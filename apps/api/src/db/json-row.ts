import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Columns of a select sent as one JSON array a row, and read back as drizzle reads them apart
 * (each value through its column: timestamps as Dates, and so on). PGlite copies every field of an
 * answer out of its buffer on its own: with twenty columns and more a row, that copying was a third
 * of a read of many rows. One text field a row is copied once and read by JSON.parse.
 * docs/performance.md has the figures.
 */
export interface JsonRow<T> {
  /** The select expression: `json_build_array(<columns>)::text`. */
  sql: SQL<string>;
  /** A row as the columns read it. */
  read(text: string): T;
}

export function jsonRow<T>(columns: Record<string, Column>): JsonRow<T> {
  const fields = Object.entries(columns);
  return {
    sql: sql<string>`json_build_array(${sql.join(
      fields.map(([, column]) => column),
      sql`, `,
    )})::text`,
    read(text) {
      const values = JSON.parse(text) as unknown[];
      const row: Record<string, unknown> = {};
      fields.forEach(([key, column], i) => {
        const value = values[i];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      });
      return row as T;
    },
  };
}
