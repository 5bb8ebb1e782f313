/** The overlay frame page, `/o/{sitePublicId}?lang=xx&url=…`, put on business websites by embed.js. */
import './overlay-page.css';
import { render } from 'preact';
import { OverlayApp } from './overlay-app.tsx';

render(<OverlayApp />, document.getElementById('app')!);
