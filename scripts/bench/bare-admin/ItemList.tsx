import { Datagrid, List, TextField } from 'react-admin';

export default function ItemList() {
  return (
    <List>
      <Datagrid>
        <TextField source="nome" />
      </Datagrid>
    </List>
  );
}
