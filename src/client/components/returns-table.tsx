import type { ReactNode } from 'react';
import { Table } from 'reactstrap';

interface ReturnsRow {
  key: string | number;
  /** The row's heading: a book or a leg, with any note under or beside it. */
  heading: ReactNode;
  /** The middle column (a price or a stake) and the return. */
  cells: [ReactNode, ReactNode];
  /** Highlighted as the best row. */
  best?: boolean;
}

interface ReturnsTableProps {
  /** The three column headings: what a row is, the middle column and the return. */
  headings: [string, string, string];
  rows: readonly ReturnsRow[];
  className: string;
}

/**
 * A small table of what each row returns (the slip's books, the calculator's legs): figures right
 * aligned and never broken, the best rows highlighted.
 */
export function ReturnsTable({ headings: [first, middle, last], rows, className }: ReturnsTableProps) {
  return (
    <Table size="sm" className={className}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className="text-end">
            {middle}
          </th>
          <th scope="col" className="text-end">
            {last}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.best ? 'table-success fw-semibold' : undefined}>
            <th scope="row" className={row.best ? '' : 'fw-normal'}>
              {row.heading}
            </th>
            <td className="text-end text-nowrap">{row.cells[0]}</td>
            <td className="text-end text-nowrap">{row.cells[1]}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
