import { messages } from '@um/contract';

/** The application root; the router, providers and shell mount here. */
export function App() {
  return (
    <main className="grid min-h-screen place-items-center">
      <h1 className="text-2xl font-semibold">{messages.shell.title}</h1>
    </main>
  );
}
