import { DEMO_CUSTOMERS, DEMO_PASSWORD } from "~/db/seed/content";

/** The seeded demo customer, filled into the login form when the shop runs locally (APP_ENV=local). */
export const DEMO_LOGIN = { phone: DEMO_CUSTOMERS[0].email, password: DEMO_PASSWORD };
