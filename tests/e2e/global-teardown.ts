import { dropServerDatabase, stopServer } from './server';

export default async function globalTeardown() {
  await stopServer();
  await dropServerDatabase();
}
