import { Component, computed } from '@angular/core';
import { injectChatCompletionStream, injectInstanceTypesQuery } from '@inference-infra/query-core/angular';

@Component({
  selector: 'app-cheapest-h100',
  template: `
    @if (types.error(); as error) {
      <p role="alert">{{ error.message }}</p>
    } @else if (types.isPending()) {
      <p>loading...</p>
    } @else {
      @if (cheapest(); as h100) {
        <p>cheapest H100: {{ h100.id }} at \${{ h100.hourly_rate }} an hour</p>
        <table>
          <tbody>
            @for (type of types.data()?.data ?? []; track type.id) {
              <tr>
                <td>{{ type.id }}</td>
                <td>{{ type.region }}</td>
                <td>{{ type.gpu_count }} GPU</td>
                <td>\${{ type.hourly_rate }}/h</td>
              </tr>
            }
          </tbody>
        </table>
      } @else {
        <p>no H100 is offered</p>
      }
    }
  `,
})
class CheapestH100Component {
  readonly types = injectInstanceTypesQuery(() => ({ gpu_type: 'H100' }));
  readonly cheapest = computed(() => this.types.data()?.data[0]);
}

/** A streamed chat through the route: `operations: ['createChatCompletion']` in vite.config.ts allows it. */
@Component({
  selector: 'app-ask-about-gpus',
  template: `
    <section>
      <button type="button" [disabled]="chat.isStreaming()" (click)="ask()">Ask which GPU</button>
      @if (chat.error(); as error) {
        <p role="alert">{{ error.message }}</p>
      } @else {
        <p [attr.aria-busy]="chat.isStreaming()">{{ chat.content() }}</p>
      }
    </section>
  `,
})
class AskAboutGpusComponent {
  readonly chat = injectChatCompletionStream();
  ask() {
    this.chat.start({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Which GPU for fine-tuning?' }],
      max_tokens: 24,
    });
  }
}

@Component({
  selector: 'app-root',
  imports: [CheapestH100Component, AskAboutGpusComponent],
  template: `
    <main>
      <h1>H100 instance types</h1>
      <app-cheapest-h100 />
      <app-ask-about-gpus />
    </main>
  `,
})
export class AppComponent {}
