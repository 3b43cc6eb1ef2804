/** Whether a form holds a NUL character: no browser sends one from a form, and PostgreSQL's text cannot store it. */
export function holdsNul(form: FormData): boolean {
  for (const [name, value] of form) if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return true;
  return false;
}

/**
 * The posted form. A body that is no form — another Content-Type, multipart without a boundary or cut short, a NUL
 * character in a value — is the client's mistake, answered 400 with the page that says so (root ErrorBoundary).
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    // The Fetch API's body reader says "this is not a form" with a TypeError; anything else is ours to see.
    if (error instanceof TypeError) throw unreadable();
    throw error;
  }
  if (holdsNul(form)) throw unreadable();
  return form;
}

const unreadable = () => new Response("The form could not be read.", { status: 400 });
