/** The guest app page, `/g/{publicId}?lang=xx`: mobile-first, offline after the first visit. */
import '../components/styles.css';
import { render } from 'preact';
import { GuestApp } from './guest-app.tsx';
import { registerGuestWorker } from './register.ts';

render(<GuestApp />, document.getElementById('app')!);
if (import.meta.env.PROD) registerGuestWorker();
