import type { HTMLAttributes, ReactNode } from 'react';

/** A list of records, one item each, keyed by the record's id; `children` draws a record. */
export function RecordList<T extends { _id: string }>({
  items,
  children,
  ...list
}: Omit<HTMLAttributes<HTMLUListElement>, 'children'> & { items: readonly T[]; children: (item: T) => ReactNode }) {
  return (
    <ul {...list}>
      {items.map((item) => (
        <li key={item._id}>{children(item)}</li>
      ))}
    </ul>
  );
}
