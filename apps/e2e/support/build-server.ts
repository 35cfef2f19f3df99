import { buildServer } from '../../server/build.ts';

/** Browser tests run the server as it ships: the production build, made fresh from the sources before the suite. */
export default async function setup(): Promise<void> {
  await buildServer();
}
