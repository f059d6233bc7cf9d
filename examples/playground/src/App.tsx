import type { ApiSettings } from './apiSettings';
import { ChatBox } from './components/ChatBox';
import { ImageForm } from './components/ImageForm';
import { InstanceTypesTable } from './components/InstanceTypesTable';
import { ResizeForm } from './components/ResizeForm';
import { TransactionsList } from './components/TransactionsList';

export function App({ settings }: { settings: ApiSettings }) {
  return (
    <main>
      <header>
        <h1>inference-infra playground</h1>
        <p className="addresses">
          inference <code>{settings.baseUrl}</code> · platform <code>{settings.platformUrl}</code>
        </p>
        <p className="key-note">
          No API key is in this page: it calls its own server, which adds the key and passes each request on.
          That is how an app keeps a key out of browsers. <a href="pricing">H100 prices</a> is a page rendered
          on that server and hydrated here.
        </p>
      </header>
      <div className="grid">
        <InstanceTypesTable />
        <TransactionsList />
        <ResizeForm />
        <ChatBox />
        <ImageForm />
      </div>
    </main>
  );
}
