import { beforeEach, describe, expect, it } from 'vitest';
import { isAppPath, rememberRedirect, takeRedirect } from './redirect-memory.ts';

/** A real Storage-shaped map (node has no localStorage). */
class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('redirect after sign-in', () => {
  it('returns the saved URL to the same user, once', () => {
    rememberRedirect('/transactions?status[]=FAILED', 'usr_1', storage);
    expect(takeRedirect('usr_1', storage)).toBe('/transactions?status[]=FAILED');
    expect(takeRedirect('usr_1', storage)).toBeNull();
  });

  it('does not hand another user the previous user page', () => {
    rememberRedirect('/refunds', 'usr_1', storage);
    expect(takeRedirect('usr_2', storage)).toBeNull();
  });

  it('follows a URL saved before anyone signed in', () => {
    rememberRedirect('/customers', null, storage);
    expect(takeRedirect('usr_2', storage)).toBe('/customers');
  });

  it('never remembers the sign-in pages and refuses foreign URLs', () => {
    rememberRedirect('/logout', 'usr_1', storage);
    expect(takeRedirect('usr_1', storage)).toBeNull();
    storage.setItem('kassa.redirect', JSON.stringify({ url: '//evil.example', userId: null }));
    expect(takeRedirect('usr_1', storage)).toBeNull();
  });

  it('follows only paths of this app, however a browser would read an address', () => {
    for (const url of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      '/v1/dev/mailbox',
    ]) {
      expect(isAppPath(url), url).toBe(false);
      storage.setItem('kassa.redirect', JSON.stringify({ url, userId: null }));
      expect(takeRedirect('usr_1', storage), url).toBeNull();
    }
    for (const url of ['/', '/psp/merchants/org_1/refunds?status[]=PROCESSED#x', '/transactions?id=tx_1'])
      expect(isAppPath(url), url).toBe(true);
  });
});
