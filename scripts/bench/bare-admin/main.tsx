// The yardstick of the bundle-size benchmark: a bare react-admin app with one lazy resource.
import { lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, Resource, type DataProvider } from 'react-admin';

const ItemList = lazy(() => import('./ItemList'));
const items = [{ id: 1, nome: 'um' }];
const dataProvider = {
  getList: async () => ({ data: items, total: items.length }),
  getOne: async () => ({ data: items[0] }),
  getMany: async () => ({ data: items }),
  getManyReference: async () => ({ data: items, total: items.length }),
  create: async () => ({ data: items[0] }),
  update: async () => ({ data: items[0] }),
  updateMany: async () => ({ data: [] }),
  delete: async () => ({ data: items[0] }),
  deleteMany: async () => ({ data: [] }),
} as unknown as DataProvider;

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="items" list={ItemList} />
  </Admin>,
);
