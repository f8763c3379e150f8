/**
 * The desk's two short sounds, made with the Web Audio API (the CSP allows no media URLs): a high
 * short tone when a scan went through, a low longer one when it did not. The audio context is made on
 * the first sound, which follows a key press, so the browser's autoplay rule lets it play.
 */
let context: AudioContext | undefined;

export function beep(ok: boolean): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = ok ? 'sine' : 'square';
    oscillator.frequency.value = ok ? 880 : 196;
    gain.gain.value = ok ? 0.08 : 0.05;
    oscillator.connect(gain).connect(context.destination);
    const now = context.currentTime;
    oscillator.start(now);
    oscillator.stop(now + (ok ? 0.09 : 0.3));
  } catch {
    // No audio here (a locked-down browser): the words on screen and in the live region remain.
  }
}
