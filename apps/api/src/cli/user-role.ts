import { runUserRole } from './user-role-command.ts';

// `npm run user:role -- --email someone@example.com --role admin|reviewer|none`
// Gives or takes a back-office role (user-role-command.ts).

process.exitCode = await runUserRole(process.argv.slice(2), process.env);
