// Runs before first paint (a blocking script in <head>) so the page never flashes the
// wrong theme. It is the only script that touches <html> before React starts.
export {};
