import type { ElementEventMap, ElementEventName, ElementListener } from './types';

/**
 * Element event listeners. Unknown event names are accepted and simply never fire, since
 * wrappers such as react-stripe-js subscribe to events only some element types emit.
 * 'ready' is replayed to listeners added after it fired: react-stripe-js subscribes in an
 * effect that runs after `mount()`, so a one-shot 'ready' would otherwise be missed.
 */
export class ElementEmitter {
  private readonly listeners = new Map<string, Set<ElementListener>>();
  private readyPayload: ElementEventMap['ready'] | null = null;

  on(event: string, listener: ElementListener): void {
    if (typeof listener !== 'function') {
      throw new TypeError(`Invalid value for on(): handler should be a function. You specified: ${typeof listener}.`);
    }
    const set = this.listeners.get(event) ?? new Set<ElementListener>();
    set.add(listener);
    this.listeners.set(event, set);
    const replay = this.readyPayload;
    if (event === 'ready' && replay) queueMicrotask(() => set.has(listener) && listener(replay));
  }

  once(event: string, listener: ElementListener): void {
    const wrapper: ElementListener = (payload) => {
      this.off(event, wrapper);
      listener(payload);
    };
    this.on(event, wrapper);
  }

  /** Without a listener, removes every listener of that event (as Stripe.js does). */
  off(event: string, listener?: ElementListener): void {
    if (!listener) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
  }

  emit<K extends ElementEventName>(event: K, payload: ElementEventMap[K]): void {
    if (event === 'ready') this.readyPayload = payload as ElementEventMap['ready'];
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }

  /** After unmount the element is not ready until mounted again. */
  resetReady(): void {
    this.readyPayload = null;
  }
}
