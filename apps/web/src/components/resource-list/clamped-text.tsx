import type { CSSProperties, ReactNode } from 'react';
import classes from './clamped-text.module.css';

interface ClampedTextProps {
  /** The text; empty (null, undefined or '') shows a dimmed "—". */
  children: ReactNode;
  /** Lines shown before the text is cut with "…"; default 2. */
  lines?: number;
  className?: string;
}

/**
 * Text cut after `lines` lines. When it is really cut, the list marks it (`markClamped`): it can
 * then take the keyboard focus, and hovering or focusing it shows the whole text over the rows
 * below, without moving them. Screen readers always read the whole text.
 */
export function ClampedText({ children, lines = 2, className }: ClampedTextProps) {
  if (children === null || children === undefined || children === '') {
    return <span className={classes.empty}>—</span>;
  }
  return (
    <span className={classes.box} style={{ '--clamp-lines': lines } as CSSProperties}>
      <span className={className ? `${classes.text} ${className}` : classes.text} data-clamp>
        {children}
      </span>
    </span>
  );
}

/**
 * Marks the texts under `root` that are cut: `data-clamped` and a tab stop. All reads first, then
 * all writes, so a 100-row page costs one layout, not one per text.
 */
export function markClamped(root: HTMLElement | null) {
  if (!root) return;
  const texts = [...root.querySelectorAll<HTMLElement>('[data-clamp]')];
  const cut = texts.map((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
  texts.forEach((el, i) => {
    if (cut[i]) {
      if (!el.hasAttribute('data-clamped')) {
        el.setAttribute('data-clamped', '');
        el.tabIndex = 0;
      }
    } else if (el.hasAttribute('data-clamped')) {
      el.removeAttribute('data-clamped');
      el.removeAttribute('tabindex');
    }
  });
}
