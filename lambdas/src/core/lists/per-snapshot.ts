import type { RegistrySnapshot } from '../ports/registry';

/**
 * Something computed from a snapshot's organisations, systems, studies and connections once, and
 * kept while those live. The registry hands every reader the same maps until a record of their
 * type changes (a reader's copy catches up by copying only the maps of the types that changed),
 * so WeakMaps on them are exact — and a change of another type (a mapping standard) keeps what
 * was built. A builder reads those four maps only.
 */
export const perSnapshot = <T>(build: (snapshot: RegistrySnapshot) => T) => {
  type Level<K extends object, V> = WeakMap<K, V>;
  const built: Level<
    object,
    Level<object, Level<object, Level<object, { value: T }>>>
  > = new WeakMap();
  const at = <K extends object, V>(level: Level<K, V>, key: K, make: () => V): V => {
    let found = level.get(key);
    if (found === undefined) {
      found = make();
      level.set(key, found);
    }
    return found;
  };
  return (snapshot: RegistrySnapshot): T => {
    const bySystems = at(built, snapshot.organisations, () => new WeakMap());
    const byStudies = at(bySystems, snapshot.systems, () => new WeakMap());
    const byConnections = at(byStudies, snapshot.studies, () => new WeakMap());
    return at(byConnections, snapshot.connections, () => ({ value: build(snapshot) })).value;
  };
};
