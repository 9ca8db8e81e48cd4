import { describe, expect, it } from 'vitest';
import { tabTitle } from './tab-title';

describe('the tab title', () => {
  it.each([
    [{ appName: 'Royal Circle', unread: 0, discreet: false }, 'Royal Circle'],
    [{ appName: 'Royal Circle', unread: 3, discreet: false }, '(3) Royal Circle'],
    [{ appName: 'Royal Circle', unread: 250, discreet: false }, '(99+) Royal Circle'],
    [{ appName: 'Royal Circle', unread: 3, discreet: true }, 'New activity'],
    [{ appName: 'Royal Circle', unread: 0, discreet: true }, 'Royal Circle'],
    [{ appName: 'Circle', unread: 0, discreet: false }, 'Circle'],
    [{ appName: 'Circle', unread: 2, discreet: false }, '(2) Circle'],
    [{ appName: 'Circle', unread: 2, discreet: true }, 'New activity'],
  ])('%o → %s', (input, title) => {
    expect(tabTitle(input)).toBe(title);
  });
});
