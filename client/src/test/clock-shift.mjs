// Test-only preload for the gateway child process: moves its Date.now() forward by the number
// of milliseconds written in the file named by MOVELAB_CLOCK_SHIFT_FILE, so a test can make a
// sign-in "older than 5 minutes" without waiting. Loaded through NODE_OPTIONS=--import.
import fs from 'node:fs';

const file = process.env.MOVELAB_CLOCK_SHIFT_FILE;
if (file) {
  const realNow = Date.now.bind(Date);
  Date.now = () => {
    let shift = 0;
    try {
      shift = Number(fs.readFileSync(file, 'utf8')) || 0;
    } catch {
      shift = 0;
    }
    return realNow() + shift;
  };
}
