import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RecordContextProvider, useCreatePath, useListContext, useResourceContext, type RaRecord } from 'react-admin';
import { editPathOf } from './editPath';

export interface CompactRowsProps {
  primaryText: (record: RaRecord) => ReactNode;
  secondaryText?: (record: RaRecord) => ReactNode;
  /** Beside the text inside the link (e.g. the active chip). */
  status?: ReactNode;
  /** Whether a record opens (its edit page) from its row. */
  canEdit: boolean;
  /** The row's actions, under the link (buttons cannot sit inside a link). */
  actions?: ReactNode;
  empty: ReactNode;
}

/**
 * The list under 768 px: each record is a link to its page (name, second line, status) with the
 * row's actions (activate, special activation, ...) in a line of their own under it, so a phone
 * user reaches every action the table offers.
 */
export function CompactRows({ primaryText, secondaryText, status, canEdit, actions, empty }: CompactRowsProps) {
  const { data } = useListContext();
  const resource = useResourceContext()!;
  const createPath = useCreatePath();
  const editPath = editPathOf(resource);
  if (!data?.length) return <>{empty}</>;
  return (
    <List disablePadding>
      {data.map((record) => {
        const text = (
          <>
            <ListItemText primary={primaryText(record)} secondary={secondaryText?.(record)} />
            {status}
          </>
        );
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider disablePadding sx={{ flexDirection: 'column', alignItems: 'stretch' }}>
              {canEdit ? (
                <ListItemButton
                  component={Link}
                  to={editPath?.(record.id) ?? createPath({ resource, id: record.id, type: 'edit' })}
                >
                  {text}
                </ListItemButton>
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>{text}</Box>
              )}
              {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 1, pb: 1 }}>{actions}</Box>}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
