/*
 * Kib's side of LTI Platform Storage (1EdTech LTI Client Side postMessages), served as
 * /lti/1.3/platform-storage.js. The page gives, in the JSON element #lti-storage, the platform's
 * storage frame, its origin and the key. At login (`value` and `next` given) it puts the login's
 * secret there and goes on to the platform's authorisation URL; after the launch (form
 * #lti-storage-confirm) it reads the secret back and posts it to Kib. Messages go only to the
 * platform's origin and answers are taken only from it; on an error or after TIMEOUT_MS the page
 * says the launch could not be checked, and goes nowhere.
 */
(() => {
  'use strict';

  const TIMEOUT_MS = 8000;
  const config = JSON.parse(document.getElementById('lti-storage').textContent);

  function showFailure() {
    document.getElementById('lti-storage-waiting').hidden = true;
    document.getElementById('lti-storage-failed').hidden = false;
  }

  /** The storage frame: the window that framed (or else opened) Kib, or one of its frames by name. */
  function storageFrame() {
    const host = window.parent !== window ? window.parent : window.opener;
    if (!host) return null;
    return config.target === '_parent' ? host : host.frames[config.target] || null;
  }

  function messageId() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  /** Sends one message to the storage frame; resolves with its answer, rejects on an error or a timeout. */
  function ask(message) {
    return new Promise((resolve, reject) => {
      const frame = storageFrame();
      if (!frame) throw new Error('no storage frame');
      const id = messageId();
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('no answer'));
      }, TIMEOUT_MS);
      function onMessage(event) {
        const data = event.data;
        if (event.origin !== config.origin || !data || typeof data !== 'object') return;
        if (data.message_id !== id || data.subject !== `${message.subject}.response`) return;
        done();
        if (data.error) reject(new Error(String(data.error.code || 'error')));
        else resolve(data);
      }
      window.addEventListener('message', onMessage);
      try {
        frame.postMessage({ ...message, message_id: id }, config.origin);
      } catch (err) {
        done();
        reject(err);
      }
    });
  }

  function putThenAuthorise() {
    return ask({ subject: 'lti.put_data', key: config.key, value: config.value }).then(() => {
      window.location.replace(config.next);
    });
  }

  function getThenConfirm() {
    return ask({ subject: 'lti.get_data', key: config.key }).then((answer) => {
      if (typeof answer.value !== 'string' || answer.value === '') throw new Error('no value');
      const form = document.getElementById('lti-storage-confirm');
      form.elements.namedItem('value').value = answer.value;
      form.submit();
    });
  }

  (typeof config.value === 'string' ? putThenAuthorise() : getThenConfirm()).catch(showFailure);
})();
