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
