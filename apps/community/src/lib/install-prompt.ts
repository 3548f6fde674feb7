import { useSyncExternalStore } from 'react';

/**
 * Installing the app (issue 23.1). This small part loads with the app, because Chrome, Edge and Samsung
 * Internet fire `beforeinstallprompt` once, early: it is kept here for the "Instalar app" button. The
 * guide itself (texts, pictures of Safari's steps) is a lazy chunk: features/install.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** Dismissed on this device: the offer after sign-in is not shown again (Perfil still offers it). */
const DISMISSED_KEY = 'comunidad-install-dismissed';
/** Set by a sign-in: the next Inicio offers the installation once. */
const OFFER_KEY = 'comunidad-install-offer';

export type InstallWay = 'prompt' | 'ios' | null;

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar would compete with ours: the app asks at its own moment.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    emit();
  });
}

/** Running as the installed app (Android/desktop display-mode, or iOS home-screen `navigator.standalone`). */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Safari on iPhone or iPad (iPadOS presents itself as a Mac with touch): installed through Compartir. */
export function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
}

function way(): InstallWay {
  if (installed || isStandalone()) return null;
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios' : null;
}

let snapshot: InstallWay = null;
function read(): InstallWay {
  snapshot = way();
  return snapshot;
}

/** How this browser can install the app now: its own prompt, Safari's steps, or nothing (installed or unknown). */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => null,
  );
}

/** Shows the browser's install dialog; true when the seller accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') installed = true;
  emit();
  return choice.outcome === 'accepted';
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A sign-in happened: offer the installation once, unless this device said no before. */
export function offerInstallAfterSignIn() {
  storage()?.setItem(OFFER_KEY, '1');
}

/** Whether the offer after sign-in is due (and takes it: it is shown once). */
export function takeInstallOffer(): boolean {
  const store = storage();
  if (!store?.getItem(OFFER_KEY)) return false;
  store.removeItem(OFFER_KEY);
  return store.getItem(DISMISSED_KEY) !== '1';
}

export function dismissInstallOffer() {
  storage()?.setItem(DISMISSED_KEY, '1');
}
