/** The widget frame page, `/w/{publicId}?lang=xx`, embedded by business websites through embed.js. */
import '../components/styles.css';
import { render } from 'preact';
import { FrameApp } from './frame-app.tsx';
import { watchHeight } from './height.ts';

render(<FrameApp />, document.getElementById('app')!);
watchHeight(window);
