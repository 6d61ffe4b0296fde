/**
 * An extension point on the module context: modules add entries while they register, and the
 * module that owns the point reads them when it answers a request (by then every module has
 * registered, so the order of the app's module list does not matter). Entries keep their order.
 */
export class Registry<T> {
  private readonly added: T[] = [];

  register(entry: T): void {
    this.added.push(entry);
  }

  get entries(): readonly T[] {
    return this.added;
  }
}
