import { createContext } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { databaseIsEmpty, seedDemo } from '../modules/demo/seed.service.ts';

const config = loadConfig();
const { ctx, close } = await createContext(config);
try {
  if (!(await databaseIsEmpty(ctx))) {
    console.log('The database already has users; demo content is only added to an empty one.');
  } else {
    const count = await seedDemo(ctx);
    console.log(`Added ${count} demo videos; transcoding them now…`);
    for (;;) {
      const busy = await ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (!busy) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log('Demo videos are ready. Start the site with `npm start`.');
  }
} finally {
  await close();
}
