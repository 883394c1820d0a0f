// The paths every engine must complete, over WebDriver (WebdriverIO), each ending with what the
// local backend stored. Real timers (no fake clock over WebDriver): the intro's 3.5 s and the
// submission's 2.25 s are waited out. Every answer carries the engine's name, so a row or an
// email is matched to the run that made it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PHOTO = fileURLToPath(new URL('../e2e/fixtures/photo-gps.jpg', import.meta.url));

/**
 * A 6 MB video on disk (WebDriver attaches a file by its path): an MP4 `ftyp` box, so an
 * engine that sniffs the bytes as well as the name still calls it video/mp4, then filler.
 */
function slowVideo() {
  const path = join(mkdtempSync(join(tmpdir(), 'stepzero-engines-')), 'park song.mp4');
  const bytes = Buffer.alloc(6_000_000, 7);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isommp41', 16, 'latin1');
  bytes.writeUInt32BE(bytes.length - 24, 24);
  bytes.write('mdat', 28, 'latin1');
  writeFileSync(path, bytes);
  return path;
}

export function scenarios({ site, stackUrl }) {
  const stackGet = async (path) => (await fetch(`${stackUrl}${path}`)).json();
  const faults = async (body) => {
    const r = await fetch(`${stackUrl}/__stack/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`setting faults ${JSON.stringify(body)}: ${r.status}`);
  };
  const rowsOf = async (tag) => (await stackGet('/__stack/rows/survey_responses')).filter((r) => r.question1_challenge === tag);
  const until = async (what, fn, ms = 20000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await fn();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  /**
   * What the page knows when the backend never got a response: its outbox (IndexedDB) and the
   * requests it made, so a failure on CI says where the delivery stopped.
   */
  const pageState = (browser) =>
    browser
      .executeAsync((done) => {
        const requests = performance
          .getEntriesByType('resource')
          .map((e) => `${Math.round(e.startTime)} ${e.name.replace(location.origin, '')}`);
        const report = (outbox) => done({ now: Date.now(), requests, outbox });
        // IndexedDB itself may be what hangs: say so instead of outliving WebDriver's script timeout.
        let stage = 'open';
        setTimeout(() => report(`no answer from IndexedDB (${stage}) within 5 s`), 5000);
        const open = indexedDB.open('stepzero-outbox');
        open.onerror = () => report(`unreadable: ${open.error}`);
        open.onblocked = () => (stage = 'open, blocked');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('responses')) return report('no store');
          stage = 'getAll';
          const all = db.transaction('responses').objectStore('responses').getAll();
          all.onerror = () => report(`unreadable: ${all.error}`);
          all.onsuccess = () =>
            report(
              all.result.map(({ answers, file, ...entry }) => ({ ...entry, file: Boolean(file), challenge: answers.question1_challenge })),
            );
        };
      })
      .then(
        (state) => JSON.stringify(state),
        (error) => `page state unreadable: ${error.message}`,
      );
  /** `until` for something the page should have delivered; a timeout carries the page's state. */
  const delivered = async (browser, what, fn, ms) => {
    try {
      return await until(what, fn, ms);
    } catch (error) {
      throw new Error(`${error.message}; the page: ${await pageState(browser)}`, { cause: error });
    }
  };

  /** The helpers a scenario uses; `step` names what is being done, for the failure message. */
  function kit(browser, step) {
    const byText = (tag, text) => browser.$(`//${tag}[normalize-space()=${JSON.stringify(text)}]`);
    const click = async (el) => {
      await el.waitForClickable({ timeout: 10000 });
      await el.click();
    };
    // A choice is a styled label over a visually hidden radio: click the radio where a pointer
    // can reach it, else activate it as its label would.
    const pick = async (label) => {
      const input = await browser.$(`//label[normalize-space()=${JSON.stringify(label)}]/preceding-sibling::input[1]`);
      await input.waitForExist({ timeout: 10000 });
      if (await input.isClickable()) await input.click();
      else await browser.execute((el) => el.click(), input);
      if (!(await input.isSelected())) throw new Error(`"${label}" is not selected`);
    };
    const at = async (path) => {
      step(`reach ${path}`);
      await browser.waitUntil(async () => new URL(await browser.getUrl()).pathname === path, {
        timeout: 15000,
        timeoutMsg: `still at ${await browser.getUrl().catch(() => '?')}`,
      });
    };
    const next = () => click(byText('button', 'Next'));
    const text = async (id, value) => {
      step(`type into #${id}`);
      const el = browser.$(`#${id}`);
      await el.waitForDisplayed({ timeout: 10000 });
      await el.setValue(value);
      await next();
    };
    const choose = async (label) => {
      step(`choose "${label}"`);
      await pick(label);
      await next();
    };
    const fresh = async () => {
      step('open the site with empty storage');
      await browser.url(`${site}/privacy`);
      await browser.execute(() => {
        localStorage.clear();
        sessionStorage.clear();
        localStorage.setItem('cookiesAccepted', 'true');
      });
      await browser.url(`${site}/`);
      await click(byText('button', 'Continue'));
    };
    const start = async (tag) => {
      await fresh();
      await at('/survey/intro');
      await at('/survey/question/1');
      await text('question1', tag);
      await at('/survey/question/2');
      await text('question2', 'A friend');
      await at('/survey/question/3');
    };
    const finish = async (age, gender, thankYou) => {
      await at('/survey/question/7');
      await text('age', age);
      await at('/survey/question/8');
      step('choose a gender and agree to the terms');
      await browser.$('#gender').selectByVisibleText(gender);
      const consent = await browser.$('#termsConsent');
      await browser.execute((el) => el.click(), consent);
      step('submit');
      await click(byText('button', 'Submit'));
      await at(`/thank-you/${thankYou}`);
    };
    return { at, next, text, choose, pick, start, finish, click, byText };
  }

  /** The Not Yet path from the home page to its stored row. */
  async function notYet(k, browser, step, tag) {
    await k.start(tag);
    await k.choose('Not Yet');
    await k.at('/survey/question/4b');
    await k.choose("I don't have time");
    await k.at('/survey/question/5b');
    await k.choose('No');
    await k.at('/survey/question/6');
    await k.choose('No');
    await k.finish('19', 'Female', 'not-completed');
    step('the backend stored the row');
    const row = await delivered(browser, 'the row', async () => (await rowsOf(tag))[0]);
    if (row.question3_completed !== 'Not Yet' || row.question4b_reason !== "I don't have time" || row.question7_age !== 19) {
      throw new Error(`unexpected row ${JSON.stringify(row)}`);
    }
  }

  return [
    {
      name: 'Yes with a photo',
      async run(browser, step, engine) {
        const k = kit(browser, step);
        const tag = `${engine}: Yes with a photo`;
        await k.start(tag);
        await k.choose('Yes');
        await k.at('/survey/question/4a');
        // A choice question's heading is its fieldset's legend, where WebKit drops a margin at the
        // end (survey.css): the choices must not sit against it.
        step('see the space between the heading and the choices');
        const gap = await browser.execute(
          () =>
            document.querySelector('.choice__label').getBoundingClientRect().top -
            document.querySelector('h1').getBoundingClientRect().bottom,
        );
        if (gap < 16) throw new Error(`the first choice is ${gap} px under the heading, not 20`);
        await k.choose('Comfortable');
        await k.at('/survey/question/5a');
        await k.choose('Yes');
        await k.at('/survey/question/6');
        step('consent and attach the photo');
        await k.pick('Yes');
        await browser.$('#attachment').addValue(PHOTO);
        await browser.$(`//*[contains(normalize-space(), "photo-gps.jpg")]`).waitForDisplayed({ timeout: 10000 });
        await k.next();
        await k.finish('27', 'Non-Binary', 'completed');
        step('the backend stored the row and the photo');
        const row = await delivered(browser, 'the row', async () => (await rowsOf(tag))[0]);
        if (row.question4a_discomfort !== 'Comfortable' || row.media_file_name !== 'photo-gps.jpg' || !row.media_file_url) {
          throw new Error(`unexpected row ${JSON.stringify(row)}`);
        }
        const objects = await stackGet('/__stack/objects/survey_media');
        const object = objects.find((o) => o.name === row.media_file_url);
        if (!object || object.mimetype !== 'image/jpeg' || object.size < 100)
          throw new Error(`photo not stored: ${JSON.stringify(objects)}`);
      },
    },
    {
      name: 'Not Yet',
      async run(browser, step, engine) {
        await notYet(kit(browser, step), browser, step, `${engine}: Not Yet`);
      },
    },
    {
      name: 'Not Interested',
      async run(browser, step) {
        const k = kit(browser, step);
        const before = (await stackGet('/__stack/rows/survey_responses')).length;
        step('open the site with empty storage');
        await browser.url(`${site}/privacy`);
        await browser.execute(() => {
          localStorage.clear();
          localStorage.setItem('cookiesAccepted', 'true');
        });
        await browser.url(`${site}/`);
        step('click Not Interested');
        await k.click(k.byText('button', 'Not Interested'));
        await k.at('/thank-you/not-interested');
        step('its flags are stored and the backend got nothing');
        const flags = await browser.execute(() => [localStorage.getItem('surveyCompleted'), localStorage.getItem('lastThankYouType')]);
        if (flags[0] !== 'true' || flags[1] !== 'not-interested') throw new Error(`flags ${JSON.stringify(flags)}`);
        await new Promise((r) => setTimeout(r, 500));
        const after = (await stackGet('/__stack/rows/survey_responses')).length;
        if (after !== before) throw new Error(`a row was stored (${before} -> ${after})`);
      },
    },
    {
      name: 'email backup when the insert fails',
      async run(browser, step, engine) {
        const k = kit(browser, step);
        const tag = `${engine}: email backup`;
        await k.start(tag);
        await k.choose('Yes');
        await k.at('/survey/question/4a');
        await k.choose('Neutral');
        await k.at('/survey/question/5a');
        await k.choose('No');
        await k.at('/survey/question/6');
        await k.choose('No');
        await faults({ insert: 500 });
        try {
          await k.finish('40', 'Male', 'completed');
          step('the backend got the email backup');
          // The email follows the insert's tries and their backoff, after the thank-you page;
          // WebKit on a loaded machine can take far longer (figures: commit 6db0531).
          const email = await delivered(
            browser,
            'the email',
            async () => (await stackGet('/__stack/emails')).find((e) => JSON.stringify(e.template_params ?? {}).includes(tag)),
            60000,
          );
          if (!email.service_id || !email.template_id) throw new Error(`email without ids: ${JSON.stringify(email)}`);
        } finally {
          await faults({});
        }
      },
    },
    {
      // Issue #21: a visitor on a slow uplink (about 1 Mbit/s) closes the tab at the thank-you
      // page while the video is still going up, and never opens the site again; another window
      // (an unrelated page) keeps the browser running. The page's pagehide keepalive insert
      // (web/src/outbox/leave.ts) is what carries the answers: a JSON insert with apikey and
      // Authorization headers, so a cross-origin keepalive request with a CORS preflight.
      name: 'tab closed at the thank-you page during a slow upload',
      async run(browser, step, engine) {
        const k = kit(browser, step);
        const tag = `${engine}: tab closed during a slow upload`;
        const video = slowVideo();
        // 6 MB at 128 KB/s takes some 48 s: long after the thank-you page (the PROCESSING deadline).
        await faults({ upload: 'trickle:131072' });
        try {
          await k.start(tag);
          await k.choose('Yes');
          await k.at('/survey/question/4a');
          await k.choose('Uncomfortable');
          await k.at('/survey/question/5a');
          await k.choose('Yes');
          await k.at('/survey/question/6');
          step('consent and attach the video');
          await k.pick('Yes');
          await browser.$('#attachment').addValue(video);
          await browser.$(`//*[contains(normalize-space(), "park song.mp4")]`).waitForDisplayed({ timeout: 10000 });
          await k.next();
          await k.finish('31', 'Male', 'completed');
          step('the thank-you page says the response is still being sent');
          await browser.$('//*[@role="status" and contains(., "still being sent")]').waitForDisplayed({ timeout: 5000 });
          if ((await rowsOf(tag)).length) throw new Error('the row arrived before the tab closed: the upload was not slow enough');
          step("open an unrelated window and close the survey's");
          const survey = await browser.getWindowHandle();
          const other = await browser.createWindow('window');
          await browser.switchToWindow(other.handle);
          await browser.url('about:blank');
          await browser.switchToWindow(survey);
          // What follows must be the close's doing, not the page's being hidden by the other window.
          await new Promise((r) => setTimeout(r, 1000));
          if ((await rowsOf(tag)).length) throw new Error('the row left when the other window opened, before the close');
          const closedAt = Date.now();
          await browser.closeWindow();
          await browser.switchToWindow(other.handle);
          step('the row arrives within 60 s, naming its file, the site never opened again');
          const row = await until('the row', async () => (await rowsOf(tag))[0], 60000);
          process.stdout.write(`    (${engine}: the row arrived ${((Date.now() - closedAt) / 1000).toFixed(1)} s after the tab closed)\n`);
          if (
            !/^\d+_park_song\.mp4$/.test(row.media_file_url ?? '') ||
            row.media_file_name !== 'park song.mp4' ||
            row.question7_age !== 31
          ) {
            throw new Error(`unexpected row ${JSON.stringify(row)}`);
          }
        } finally {
          await faults({});
          rmSync(dirname(video), { recursive: true, force: true });
        }
      },
    },
    {
      // WebKit keeps a page that is left with an IndexedDB transaction under way in its
      // back-forward cache, transaction suspended: every later write to that store waits for
      // ever (a visitor who follows a link while the thank-you page finishes its bookkeeping).
      // The outbox stops waiting for IndexedDB after the engine's storeWaitMs and keeps the
      // response in the page: it is still delivered. Last, as it leaves IndexedDB held.
      name: 'a page left with its outbox write under way',
      async run(browser, step, engine) {
        const k = kit(browser, step);
        step('leave a page in the middle of an outbox transaction');
        await browser.url(`${site}/about`);
        await browser.executeAsync((done) => {
          const open = indexedDB.open('stepzero-outbox', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('responses', { keyPath: 'id' });
          open.onsuccess = () => {
            const store = open.result.transaction('responses', 'readwrite').objectStore('responses');
            // A transaction that never ends on its own: each read asks for the next.
            const spin = () => (store.get('none').onsuccess = spin);
            spin();
            done();
          };
        });
        await notYet(k, browser, step, `${engine}: after a page left mid-write`);
      },
    },
  ];
}
