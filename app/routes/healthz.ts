/** Liveness probe; also the "trivial route" floor of the benchmarks. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
