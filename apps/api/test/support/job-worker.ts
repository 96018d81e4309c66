// A job worker in a process of its own, for the test that kills one in the middle of a job (test/jobs.test.ts).
// Configuration from the environment, like the API's; prints "ready" once it works the queues.
import { createAdapters } from '../../src/adapters';
import { createDb } from '../../src/db/client';
import { startJobs } from '../../src/jobs';
import { createCreditFailuresService } from '../../src/modules/credit-failures/service';
import { systemClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/platform/config';
import { createMailer } from '../../src/platform/mail';

const config = loadConfig(process.env);
const { db } = createDb(config.databaseUrl!, { max: 4 });
const adapters = createAdapters(config);
const failures = createCreditFailuresService({ db, adapters, clock: systemClock });
const log = { info: () => undefined, warn: () => undefined, error: (o: unknown) => console.error(o) };
const mailer = createMailer(config);
await startJobs({ db, adapters, clock: systemClock, config: config.jobs, log, mailer, failures }, { work: true });
console.log('ready');
