import { describe, expect, it } from 'vitest';
import { acceptsShortcut, playerCommand, type FocusPlace } from './player-keys.ts';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  playerCommand({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('player shortcuts', () => {
  it('maps the keys people know from other players', () => {
    expect(press(' ')).toEqual({ kind: 'toggle-play' });
    expect(press('k')).toEqual({ kind: 'toggle-play' });
    expect(press('j')).toEqual({ kind: 'seek', seconds: -10 });
    expect(press('l')).toEqual({ kind: 'seek', seconds: 10 });
    expect(press('ArrowLeft')).toEqual({ kind: 'seek', seconds: -5 });
    expect(press('ArrowRight')).toEqual({ kind: 'seek', seconds: 5 });
    expect(press('m')).toEqual({ kind: 'mute' });
    expect(press('f')).toEqual({ kind: 'fullscreen' });
    expect(press('c')).toEqual({ kind: 'captions' });
  });

  it('jumps to tenths of the video with the digits', () => {
    expect(press('0')).toEqual({ kind: 'jump', fraction: 0 });
    expect(press('5')).toEqual({ kind: 'jump', fraction: 0.5 });
    expect(press('9')).toEqual({ kind: 'jump', fraction: 0.9 });
  });

  it('takes letters with Caps Lock or Shift too', () => {
    expect(press('K')).toEqual({ kind: 'toggle-play' });
    expect(press('F')).toEqual({ kind: 'fullscreen' });
  });

  it('leaves the browser its own shortcuts and other keys alone', () => {
    expect(press('f', { ctrlKey: true })).toBeNull(); // find in page
    expect(press('l', { metaKey: true })).toBeNull(); // address bar
    expect(press('ArrowLeft', { altKey: true })).toBeNull(); // back
    expect(press('1', { ctrlKey: true })).toBeNull(); // first tab
    expect(press('x')).toBeNull();
    expect(press('Enter')).toBeNull();
    expect(press('ArrowUp')).toBeNull(); // scrolls the page
    expect(press('Tab')).toBeNull();
  });
});

describe('where shortcuts act', () => {
  const place = (p: Partial<FocusPlace>): FocusPlace => ({
    typing: false,
    onPage: false,
    inPlayer: false,
    onControl: false,
    ...p,
  });

  it('acts with nothing focused, on the page body', () => {
    for (const key of [' ', 'k', 'ArrowLeft', '5']) expect(acceptsShortcut(place({ onPage: true }), key)).toBe(true);
  });

  it('acts with the focus in the player', () => {
    expect(acceptsShortcut(place({ inPlayer: true }), ' ')).toBe(true); // the video element itself
    expect(acceptsShortcut(place({ inPlayer: true }), 'ArrowRight')).toBe(true);
  });

  it('never acts while typing: chat, comments, search', () => {
    for (const key of [' ', 'k', 'j', 'm', 'f', 'c', '5', 'ArrowLeft'])
      expect(acceptsShortcut(place({ typing: true }), key)).toBe(false);
    expect(acceptsShortcut(place({ typing: true, inPlayer: true }), 'k')).toBe(false);
  });

  it('never acts with the focus elsewhere on the page (a dialog, the header, a comment button)', () => {
    expect(acceptsShortcut(place({ onControl: true }), 'k')).toBe(false);
    expect(acceptsShortcut(place({}), 'm')).toBe(false);
  });

  it('lets a focused player control keep Space, Enter and the arrows, but not the letters', () => {
    const control = place({ inPlayer: true, onControl: true });
    for (const key of [' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'])
      expect(acceptsShortcut(control, key)).toBe(false);
    for (const key of ['k', 'j', 'l', 'm', 'f', 'c', '3']) expect(acceptsShortcut(control, key)).toBe(true);
  });
});
