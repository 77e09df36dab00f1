/* Plays MDPtetris's fixed-weight feature policy for a given number of pieces (a new game starts
 * whenever one ends) and prints "PIECES SECONDS ROWS", timed around the play loop only.
 *   mdptetris-capped FEATURE_FILE PIECES WIDTH HEIGHT SEED
 * Curio's code, not MDPtetris's: scripts/peers/tetris.sh compiles it against the objects of a
 * MDPtetris checkout, calling the same functions as its play binary (load the policy,
 * initialise the features, then choose and drop a piece at a time), so games on boards where
 * they last for hours can be compared a fixed number of pieces at a time. Run it in the
 * checkout's data folder, where the piece file is. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "config.h"
#include "game.h"
#include "feature_policy.h"
#include "feature_functions.h"
#include "random.h"

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s FEATURE_FILE PIECES WIDTH HEIGHT SEED\n", argv[0]);
    return 2;
  }
  long pieces = atol(argv[2]);
  int width = atoi(argv[3]);
  int height = atoi(argv[4]);
  initialize_random_generator((unsigned int) strtoul(argv[5], NULL, 10));
  Game *game = new_game(0, width, height, 0, "pieces4.dat", NULL);
  FeaturePolicy policy;
  load_feature_policy(argv[1], &policy);
  features_initialize(&policy);

  struct timespec start, end;
  long placed = 0, rows = 0;
  Action action;
  clock_gettime(CLOCK_MONOTONIC, &start);
  game_reset(game);
  while (placed < pieces) {
    if (game->game_over) {
      rows += game->score;
      game_reset(game);
    }
    features_get_best_action(game, &policy, &action);
    game_drop_piece(game, &action, 0, &policy);
    placed++;
  }
  rows += game->score;
  clock_gettime(CLOCK_MONOTONIC, &end);
  double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
  printf("%ld %.6f %ld\n", placed, seconds, rows);
  features_exit();
  unload_feature_policy(&policy);
  free_game(game);
  return 0;
}
