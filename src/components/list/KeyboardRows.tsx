import type { KeyboardEvent } from 'react';
import { DataTableBody, DataTableRow, type DataTableBodyProps, type DataTableRowProps } from 'react-admin';

function openOnEnter(event: KeyboardEvent<HTMLTableRowElement>) {
  // Only the row itself: Enter on a button inside it (activate, audit) is that button's.
  if (event.key === 'Enter' && event.target === event.currentTarget) event.currentTarget.click();
}

/** A DataTable row reachable with Tab and opened with Enter, as a click opens it. */
function KeyboardRow(props: DataTableRowProps) {
  return <DataTableRow {...props} tabIndex={0} onKeyDown={openOnEnter} />;
}

/** DataTable's `body` whose rows open from the keyboard (react-admin's open only on a click). */
export function KeyboardRowsBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={KeyboardRow} />;
}
