import { Component, computed, signal } from '@angular/core';
import { APIError } from '@inference-infra/fetch-client';
import {
  injectChatCompletionStream,
  injectChatCompletionStreamQuery,
  injectInfiniteBillingTransactionsQuery,
  injectInstanceTypesQuery,
  injectResizeVolumeMutation,
} from '@inference-infra/query-core/angular';
import type { ListInstanceTypesQuery } from '@inference-infra/types';
import { streamedQueryBody, streamedQueryPrompt, textOfChunks } from '../shared/streamedQuery.js';

@Component({
  selector: 'app-instance-types',
  template: `
    <section aria-label="Instance types, cheapest first">
      <label>GPU type
        <select (change)="gpuType.set($any($event.target).value)">
          <option value="">any</option>
          @for (gpu of ['A100', 'A10G', 'H100', 'L40S']; track gpu) { <option [value]="gpu">{{ gpu }}</option> }
        </select>
      </label>
      <label>GPU count
        <select (change)="gpuCount.set($any($event.target).value)">
          <option value="">any</option>
          @for (count of ['1', '2', '4', '8']; track count) { <option [value]="count">{{ count }}</option> }
        </select>
      </label>
      <label>Region
        <select (change)="region.set($any($event.target).value)">
          <option value="">any</option>
          @for (name of ['us-east-1', 'eu-west-1']; track name) { <option [value]="name">{{ name }}</option> }
        </select>
      </label>
      @if (types.error(); as error) { <p role="alert">{{ error.message }}</p> }
      <table [attr.aria-busy]="types.isFetching()">
        <tbody>
          @for (type of types.data()?.data ?? []; track type.id) {
            <tr [attr.data-id]="type.id"><td>{{ type.id }}</td><td>\${{ type.hourly_rate }}</td></tr>
          }
        </tbody>
      </table>
      @if (types.data()?.data?.length === 0) { <p>No instance type matches these filters.</p> }
    </section>
  `,
})
class InstanceTypesComponent {
  readonly gpuType = signal('');
  readonly gpuCount = signal('');
  readonly region = signal('');
  // The accessor reads three signals: each change is a new key, so the query follows the filters.
  readonly types = injectInstanceTypesQuery(() => ({
    gpu_type: (this.gpuType() || undefined) as ListInstanceTypesQuery['gpu_type'],
    gpu_count: this.gpuCount() ? Number(this.gpuCount()) : undefined,
    region: this.region() || undefined,
  }));
}

@Component({
  selector: 'app-transactions',
  template: `
    <section aria-label="Billing transactions">
      <ul>
        @for (transaction of transactions(); track transaction.id) { <li>{{ transaction.id }} {{ transaction.amount }}</li> }
      </ul>
      @if (pages.hasNextPage()) {
        <button type="button" [disabled]="pages.isFetchingNextPage()" (click)="pages.fetchNextPage()">Load more</button>
      } @else if (pages.data()) {
        <p>end of the list</p>
      }
    </section>
  `,
})
class TransactionsComponent {
  readonly pages = injectInfiniteBillingTransactionsQuery(() => ({ limit: 25 }));
  readonly transactions = computed(() => this.pages.data()?.pages.flatMap((page) => page.data) ?? []);
}

@Component({
  selector: 'app-resize-volume',
  template: `
    <section aria-label="Resize a volume">
      <label>New size (GB) <input [value]="size()" (input)="size.set($any($event.target).value)" /></label>
      <button type="button" [disabled]="resize.isPending()" (click)="resize.mutate({ id: 'vol_training', size_gb: +size() })">
        Resize
      </button>
      @if (problem(); as text) {
        <p role="alert">{{ text }}</p>
      } @else if (resize.data(); as answer) {
        <output>{{ answer.data.id }} is now {{ answer.data.sizeGb }} GB</output>
      }
    </section>
  `,
})
class ResizeVolumeComponent {
  readonly size = signal('500');
  readonly resize = injectResizeVolumeMutation();
  readonly problem = computed(() => {
    const failure = this.resize.error();
    if (!failure) return null;
    return failure instanceof APIError ? `${failure.status}: ${failure.message}` : failure.message;
  });
}

@Component({
  selector: 'app-chat-stream',
  template: `
    <section aria-label="Chat, streamed">
      <textarea aria-label="Prompt" [value]="prompt()" (input)="prompt.set($any($event.target).value)"></textarea>
      <button type="button" [disabled]="stream.isStreaming()" (click)="send()">Send</button>
      <button type="button" [disabled]="!stream.isStreaming()" (click)="stream.abort()">Abort</button>
      <p [attr.data-status]="stream.status()" class="status">{{ stream.status() }}</p>
      <output aria-label="Answer">{{ stream.content() }}</output>
      @if (stream.error(); as error) { <p role="alert">{{ error.name }}: {{ error.message }}</p> }
    </section>
  `,
})
class ChatStreamComponent {
  readonly prompt = signal('Tell me about GPUs, at length.');
  readonly stream = injectChatCompletionStream();
  send() {
    this.stream.start({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: this.prompt() }],
    });
  }
}

@Component({
  selector: 'app-chat-stream-query',
  template: `
    <section aria-label="Chat, as a streamed query">
      <label>Prompt <input [value]="prompt" readonly /></label>
      <button type="button" [disabled]="started()" (click)="started.set(true)">Start</button>
      <p [attr.data-status]="query.status()" [attr.data-fetch-status]="query.fetchStatus()" class="status">
        {{ query.status() }}, {{ query.fetchStatus() }}
      </p>
      <output aria-label="Answer">{{ text() }}</output>
      @if (query.error(); as error) { <p role="alert">{{ error.name }}: {{ error.message }}</p> }
    </section>
  `,
})
class ChatStreamQueryComponent {
  readonly prompt = streamedQueryPrompt;
  // Billable: the query stays disabled until the user asks.
  readonly started = signal(false);
  readonly query = injectChatCompletionStreamQuery(
    () => streamedQueryBody,
    () => ({ enabled: this.started() }),
  );
  readonly text = computed(() => textOfChunks(this.query.data()));
}

@Component({
  selector: 'app-root',
  imports: [
    InstanceTypesComponent,
    TransactionsComponent,
    ResizeVolumeComponent,
    ChatStreamComponent,
    ChatStreamQueryComponent,
  ],
  template: `
    <main>
      <app-instance-types />
      <app-transactions />
      <app-resize-volume />
      <app-chat-stream />
      <app-chat-stream-query />
    </main>
  `,
})
export class AppComponent {}
