/**
 * The session users of one embedded database, kept between requests (issue #27: the bell's unread
 * count is a request of one short statement, and reading the session doubled it). One process owns
 * an embedded database, and the database says at commit when anything a session is made of changed
 * (migration 0024: channel `sessoes`), so what is kept is dropped before the writer's next statement
 * runs and no request ever sees a user as they were before a committed change. A PostgreSQL server
 * has other processes writing: there every request reads its session.
 */
export class SessionUserCache<T extends object> {
  private generation = 0;
  private readonly entries = new Map<string, { usuario: T; generation: number; at: number }>();

  constructor(
    /** Most users kept (the oldest read go first). */
    private readonly max = 10_000,
    /** How long a kept user is trusted (what depends on the clock, such as the last access, ages). */
    private readonly ttlMs = 5 * 60_000,
  ) {}

  /** Something a session is made of changed: nothing kept is trusted any more. */
  changed() {
    this.generation++;
    this.entries.clear();
  }

  /** The user of `email`, read by `load` unless kept; a user not found is not kept. */
  async get(email: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const kept = this.entries.get(email);
    if (kept && kept.generation === this.generation && performance.now() - kept.at < this.ttlMs) return kept.usuario;
    // A change committed while the statement ran makes what it read stale: it is not kept.
    const generation = this.generation;
    const usuario = await load();
    if (usuario && generation === this.generation) {
      this.entries.delete(email);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(email, { usuario, generation, at: performance.now() });
    }
    return usuario;
  }

  /** Changes a kept user in place (e.g. the last access just recorded). */
  update(email: string, change: Partial<T>) {
    const kept = this.entries.get(email);
    if (kept) kept.usuario = { ...kept.usuario, ...change };
  }
}
