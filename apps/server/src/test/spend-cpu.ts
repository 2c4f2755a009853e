/** Real CPU time passing between a sampler's start and its sample, as it does in a process (the kernel counts in 10 ms steps). */
export function spendCpu(ms = 60): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}
