import { Link } from "~/components/link";

/** The bare layout: no header or footer, just the message and a way home. */
export function ErrorPage({ status, title, text, action }: { status: number; title: string; text: string; action: string }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <p aria-hidden="true" className="text-7xl font-black text-primary-700">{status}</p>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="max-w-md text-slate-600">{text}</p>
      <Link to="/" className="btn-primary">{action}</Link>
    </main>
  );
}
