// `npm run settings -- list | get <key> | set <key> <value>`: read or change one shop setting.
// Running servers see a change on their next request (settings carry a version stamp).
import fs from "node:fs";
import { createDb } from "~/lib/db.server";
import { migrateToLatest } from "~/db/migrate";
import { isSettingKey, parseSettingInput, SETTING_KEYS } from "~/modules/settings/settings.schema";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const [command, key, ...rest] = process.argv.slice(2);
const usage = `Usage:
  npm run settings -- list
  npm run settings -- get <key>
  npm run settings -- set <key> <value>
Keys: ${SETTING_KEYS.join(", ")}`;

const db = createDb();
try {
  await migrateToLatest(db);
  if (command === "list") {
    const settings = await getSettings(db);
    for (const name of SETTING_KEYS) console.log(`${name} = ${JSON.stringify(settings[name])}`);
  } else if (command === "get" && key && isSettingKey(key)) {
    console.log(JSON.stringify((await getSettings(db))[key]));
  } else if (command === "set" && key && isSettingKey(key) && rest.length) {
    const value = parseSettingInput(key, rest.join(" "));
    await updateSettings(db, { [key]: value });
    console.log(`${key} = ${JSON.stringify(value)}`);
  } else {
    console.error(key && !isSettingKey(key) ? `Unknown setting: ${key}\n\n${usage}` : usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
