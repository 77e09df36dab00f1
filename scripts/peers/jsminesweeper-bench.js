// Plays expert minesweeper games (30x16, 99 mines, first click safe in the corner) with
// JSMinesweeper's solver under Node, headless, one thread, and prints one JSON line:
//   node jsminesweeper-bench.js CHECKOUT GAMES SEED
//   {"games": .., "wins": .., "seconds": .., "games_per_second": ..}
// Curio's harness, not JSMinesweeper's code: it loads the browser scripts of a checkout (the
// ones its index.html loads, without the page's main.js) into one V8 context, gives them the few
// page's names they use (messages, sleeps, the binomial cache the page builds at start-up, the
// page's board, whose size the long-term risk reads),
// and drives the solver the way the page's own bulk run does: the solver's first safe actions
// are played until a guess, a guess ends the batch. Game seeds come from the checkout's own
// seeded generator, so a seed names the same games on every run.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [checkout, gamesText, seedText] = process.argv.slice(2);
if (!checkout || !gamesText || !seedText) {
  console.error('usage: node jsminesweeper-bench.js CHECKOUT GAMES SEED');
  process.exit(2);
}
const games = Number.parseInt(gamesText, 10);
const seed = Number.parseInt(seedText, 10);
if (!(games > 0) || !(seed >= 0)) {
  console.error(`error: GAMES must be a positive number and SEED a number, got '${gamesText}' and '${seedText}'`);
  process.exit(2);
}

const scripts = [
  'client/Board.js', 'client/Tile.js', 'client/solver_main.js', 'client/solver_probability_engine.js',
  'client/Brute_force.js', 'client/BruteForceAnalysis.js', 'client/MinesweeperGame.js',
  'client/SolutionCounter.js', 'client/EfficiencyHelper.js', 'client/FiftyFiftyHelper.js',
  'client/LongTermRiskHelper.js', 'Utility/PrimeSieve.js', 'Utility/Binomial.js',
];
// The scripts' own console output goes to standard error; standard output is the result alone.
const context = vm.createContext({ console: new console.Console(process.stderr), performance, BigInt, Math, Date, Map, Set, Promise, setTimeout });
context.window = context;
for (const script of scripts) {
  const file = path.join(checkout, 'Minesweeper', script);
  if (!fs.existsSync(file)) {
    console.error(`error: ${file} not found: is ${checkout} a JSMinesweeper checkout?`);
    process.exit(2);
  }
  vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file });
}
// What the page defines and the solver calls.
vm.runInContext(`
  var analysisMode = false;
  var oldrng = false;
  var BOMB = 9;
  var board = null;
  function showMessage(text) {}
  function sleep(ms) { return Promise.resolve(); }
  var binomialCache = new BinomialCache(5000, 500, new Binomial(65000, 500));
`, context);

const run = vm.runInContext(`(async function (games, seed) {
  const options = { playStyle: PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true,
                    fullProbability: true, hardcore: false };
  await solver(null, null);
  const rng = JSF(seed);
  let wins = 0;
  const start = Date.now();
  for (let played = 0; played < games; played++) {
    const gameSeed = Math.round(rng() * Number.MAX_SAFE_INTEGER);
    const game = new ServerGame(0, 30, 16, 99, 0, gameSeed, 'safe');
    const board = new Board(0, 30, 16, 99, gameSeed, 'safe');
    globalThis.board = board;
    let revealed = game.clickTile(game.getTile(0));
    applyResults(board, revealed);
    for (let moves = 0; revealed.header.status == IN_PLAY && moves < 10000; moves++) {
      const actions = (await solver(board, options)).actions;
      for (let i = 0; i < actions.length; i++) {
        const action = actions[i];
        if (action.action != ACTION_CLEAR) continue;
        if (i == 0 || action.prob == 1) {
          revealed = game.clickTile(game.getTile(board.xy_to_index(action.x, action.y)));
          if (revealed.header.status != IN_PLAY) break;
          applyResults(board, revealed);
        }
        if (action.prob != 1) break;
      }
    }
    if (revealed.header.status == WON) wins++;
  }
  return { wins, seconds: (Date.now() - start) / 1000 };
})`, context);

run(games, seed).then(({ wins, seconds }) => {
  console.log(JSON.stringify({ games, wins, seconds, games_per_second: games / seconds }));
});
