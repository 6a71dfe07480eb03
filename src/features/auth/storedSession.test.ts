import { firebaseSessionStored, watchFirebaseSessionElsewhere } from './storedSession';

describe('a saved Firebase session', () => {
  afterEach(() => window.localStorage.clear());

  it('is found by the key the SDK keeps it under, whatever else is stored', () => {
    window.localStorage.setItem('accessToken', 'x');
    expect(firebaseSessionStored()).toBe(false);
    window.localStorage.setItem('firebase:authUser:fake-api-key:[DEFAULT]', '{"uid":"1"}');
    expect(firebaseSessionStored()).toBe(true);
  });

  it('counts as there when storage cannot be read, so the SDK decides', () => {
    const broken = {
      get length(): number {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(firebaseSessionStored(broken)).toBe(true);
  });

  it('saved in another tab wakes the watcher; removed or other keys do not', () => {
    const wake = jest.fn();
    const stop = watchFirebaseSessionElsewhere(wake);
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: 'x' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'firebase:authUser:k:[DEFAULT]', newValue: null }));
    expect(wake).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: 'firebase:authUser:k:[DEFAULT]', newValue: '{"uid":"1"}' }));
    expect(wake).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'firebase:authUser:k:[DEFAULT]', newValue: '{"uid":"2"}' }));
    expect(wake).toHaveBeenCalledTimes(1);
  });
});
