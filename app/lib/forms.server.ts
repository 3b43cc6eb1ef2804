/**
 * The posted form. A body that is no form — another Content-Type, multipart without a boundary or cut short — is
 * the client's mistake, answered 400 with the page that says so (root ErrorBoundary), not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    // The Fetch API's body reader says "this is not a form" with a TypeError; anything else is ours to see.
    if (error instanceof TypeError) throw new Response("The form could not be read.", { status: 400 });
    throw error;
  }
}
