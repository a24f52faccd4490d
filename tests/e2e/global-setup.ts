import { startServer } from './server';

export default async function globalSetup() {
  await startServer();
}
