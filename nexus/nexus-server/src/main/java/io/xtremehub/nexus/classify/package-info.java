/**
 * A small text classifier for log lines, in plain Java: hashed word, word-pair and token-shape
 * features ({@link io.xtremehub.nexus.classify.TokenFeatures}), multinomial naive Bayes
 * ({@link io.xtremehub.nexus.classify.NaiveBayesTrainer}, {@link io.xtremehub.nexus.classify.NaiveBayesClassifier}),
 * and a generator of labelled log lines ({@link io.xtremehub.nexus.classify.LogLineGenerator}) from
 * which {@link io.xtremehub.nexus.classify.LogLineModel} trains the model the semantic streamlet uses,
 * with a fixed seed and nothing downloaded.
 */
package io.xtremehub.nexus.classify;
