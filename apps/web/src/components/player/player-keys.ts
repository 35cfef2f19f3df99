/** What a key press asks of the player. */
export type PlayerCommand =
  | { kind: 'toggle-play' }
  | { kind: 'seek'; seconds: number }
  | { kind: 'jump'; fraction: number }
  | { kind: 'mute' }
  | { kind: 'fullscreen' }
  | { kind: 'captions' };

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const BY_KEY: Record<string, PlayerCommand> = {
  ' ': { kind: 'toggle-play' },
  k: { kind: 'toggle-play' },
  j: { kind: 'seek', seconds: -10 },
  l: { kind: 'seek', seconds: 10 },
  ArrowLeft: { kind: 'seek', seconds: -5 },
  ArrowRight: { kind: 'seek', seconds: 5 },
  m: { kind: 'mute' },
  f: { kind: 'fullscreen' },
  c: { kind: 'captions' },
};

/** The player's shortcuts (YouTube's): a key with Ctrl, ⌘ or Alt belongs to the browser. */
export function playerCommand(press: KeyPress): PlayerCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (/^[0-9]$/.test(press.key)) return { kind: 'jump', fraction: Number(press.key) / 10 };
  return BY_KEY[press.key.length === 1 ? press.key.toLowerCase() : press.key] ?? null;
}

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Controls that act on Space and Enter themselves, and menus that move with the arrows. */
const OWN_KEYS = 'button, a[href], summary, [role^="menuitem"], [role="switch"], [role="slider"]';
const KEPT_BY_CONTROLS = [' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

/** Where the focus is, as far as shortcuts care. */
export interface FocusPlace {
  /** a text field, list box or editable text */
  typing: boolean;
  /** nothing focused: the page's body */
  onPage: boolean;
  inPlayer: boolean;
  /** a button, link, menu item or switch, which has keys of its own */
  onControl: boolean;
}

export function focusPlace(target: EventTarget | null, player: Element): FocusPlace {
  if (!(target instanceof Element)) return { typing: false, onPage: true, inPlayer: false, onControl: false };
  return {
    typing: target.closest(TYPING) !== null,
    onPage: target === document.body || target === document.documentElement,
    inPlayer: player.contains(target),
    onControl: target.closest(OWN_KEYS) !== null,
  };
}

/**
 * Whether a shortcut may act: only with the focus on the page itself or inside the player, never while
 * typing (chat, comments, search) nor anywhere else (a dialog, the header); a focused control keeps
 * Space, Enter and the arrows.
 */
export function acceptsShortcut(place: FocusPlace, key: string): boolean {
  if (place.typing) return false;
  if (place.onPage) return true;
  if (!place.inPlayer) return false;
  return !(place.onControl && KEPT_BY_CONTROLS.includes(key));
}
